#pragma once

#include <cstddef>
#include <initializer_list>
#include <memory>
#include <vector>

// A series' numbers, shared between the series that have the same ones and copied on a write:
// the series of a line panel share the panel's x, and a comparison's two sides share an x they
// have in common, so that 10⁷ abscissae are held once (80 MB), not once per series.
class SharedValues
{
public:
    SharedValues() = default;
    SharedValues(std::vector<double> values) // NOLINT: a series' x is assigned a vector
        : m_values(std::make_shared<std::vector<double>>(std::move(values)))
    { }
    SharedValues(std::initializer_list<double> values) : SharedValues(std::vector<double>(values)) { }

    const std::vector<double> &values() const { return m_values ? *m_values : none(); }
    std::size_t size() const { return values().size(); }
    bool empty() const { return values().empty(); }
    const double *data() const { return values().data(); }
    double operator[](std::size_t i) const { return values()[i]; }
    double front() const { return values().front(); }
    double back() const { return values().back(); }
    std::vector<double>::const_iterator begin() const { return values().begin(); }
    std::vector<double>::const_iterator end() const { return values().end(); }

    void push_back(double value) { writable().push_back(value); }
    bool sharesWith(const SharedValues &other) const { return m_values && m_values == other.m_values; }
    friend bool operator==(const SharedValues &a, const SharedValues &b) { return a.values() == b.values(); }

private:
    static const std::vector<double> &none()
    {
        static const std::vector<double> none;
        return none;
    }
    std::vector<double> &writable()
    {
        if (!m_values)
            m_values = std::make_shared<std::vector<double>>();
        else if (m_values.use_count() > 1)
            m_values = std::make_shared<std::vector<double>>(*m_values);
        return *m_values;
    }

    std::shared_ptr<std::vector<double>> m_values;
};

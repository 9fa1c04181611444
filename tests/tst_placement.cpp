// core/timing/placement: performance-03's placed product on the stream's worker.

#include "core/timing/devicestream.h"
#include "core/timing/placement.h"

#include <QtTest>

#include <limits>

using namespace lessonscope;

namespace {

// What a correct float32 product of n-term inner products in [-1, 1) may differ from the
// long-double reference by.
double tolerance(std::int64_t n) { return 8.0 * static_cast<double>(n) * std::numeric_limits<float>::epsilon(); }

} // namespace

class TestPlacement : public QObject
{
    Q_OBJECT

private slots:
    // Placement is a copy into the worker's memory: other addresses, the same values; a product
    // on inputs that were not placed is caught by the reference.
    void placementCopiesIntoTheDevicesMemory()
    {
        DeviceStream stream;
        PlacedProduct product(PlacedProduct::Dtype::Float32, 48);
        QCOMPARE(product.placedInputAddress(), nullptr);
        stream.dispatch([&product] { product.allocateOnDevice(); }).wait();
        product.prepare(7, 1);
        stream.dispatch([&product] { product.place(); }).wait();
        QVERIFY(product.placedInputAddress() != nullptr);
        QVERIFY(product.placedInputAddress() != product.hostInputAddress());
        QVERIFY(product.placedMatchesHost());
        stream.dispatch([&product] { product.multiply(); }).wait();
        QVERIFY(product.maxAbsErrorAgainstReference() <= tolerance(48));

        // New inputs prepared but not placed: the device still holds the old ones.
        product.prepare(7, 2);
        QVERIFY(!product.placedMatchesHost());
        stream.dispatch([&product] { product.multiply(); }).wait();
        QVERIFY(product.maxAbsErrorAgainstReference() > 0.01);
    }
};

QTEST_APPLESS_MAIN(TestPlacement)
#include "tst_placement.moc"

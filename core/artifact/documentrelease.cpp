#include "core/artifact/documentrelease.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace lessonscope {

void releaseInPlace(Json &document) noexcept
{
    // Every container in pre-order, a parent before its children; emptied in reverse, a child's
    // elements are gone before its parent frees it. The list holds one pointer per container
    // (a few thousand in an artifact), never one per number.
    std::vector<Json *> containers;
    try {
        containers.push_back(&document);
        for (std::size_t i = 0; i < containers.size(); ++i) {
            Json &node = *containers[i];
            if (node.is_array()) {
                for (Json &element : node.get_ref<Json::array_t &>())
                    if (element.is_structured())
                        containers.push_back(&element);
            } else if (node.is_object()) {
                for (auto &member : node.get_ref<Json::object_t &>())
                    if (member.second.is_structured())
                        containers.push_back(&member.second);
            }
        }
    } catch (...) {
        // Out of memory while listing: what was listed is still emptied from the leaves up, and
        // nlohmann's destructor frees the rest its own way.
    }
    for (auto it = containers.rbegin(); it != containers.rend(); ++it) {
        Json &node = **it;
        if (node.is_array())
            node.get_ref<Json::array_t &>().clear();
        else if (node.is_object())
            node.get_ref<Json::object_t &>().clear();
    }
}

std::shared_ptr<Json> shareDocument(Json &&document)
{
    return std::shared_ptr<Json>(new Json(std::move(document)), [](Json *held) {
        releaseInPlace(*held);
        delete held;
    });
}

} // namespace lessonscope

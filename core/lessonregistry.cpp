#include "lessonregistry.h"

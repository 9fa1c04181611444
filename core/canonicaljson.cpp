#include "canonicaljson.h"

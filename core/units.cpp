#include "units.h"

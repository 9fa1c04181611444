#include "performance01.h"

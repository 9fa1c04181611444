#include "environmentinfo.h"

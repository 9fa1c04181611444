#include "devicestream.h"

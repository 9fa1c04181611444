#include "jsonreader.h"

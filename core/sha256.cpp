#include "sha256.h"

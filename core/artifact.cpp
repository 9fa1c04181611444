#include "artifact.h"

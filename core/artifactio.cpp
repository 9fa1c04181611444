#include "artifactio.h"

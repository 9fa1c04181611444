#include "artifactbuilder.h"

#include "matmulkernel.h"

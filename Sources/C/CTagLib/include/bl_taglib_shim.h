#ifndef BLUELIBRARY_CTAGLIB_SHIM_H
#define BLUELIBRARY_CTAGLIB_SHIM_H
// The shim implements bl_taglib.h, whose home is the loader target that bluelibrary links
// (Sources/C/CTagLibLoader); this library, libBlueLibraryTagLib.so, is loaded by it with dlopen.
#include "../../CTagLibLoader/include/bl_taglib.h"

#endif

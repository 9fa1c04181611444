# Per-target build settings shared by every lessonscope target.
# Called as lessonscope_target_defaults(<target>) instead of global flag strings.
function(lessonscope_target_defaults target)
  target_compile_options(${target} PRIVATE
    $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -pedantic -Wshadow -Wnon-virtual-dtor>
    $<$<AND:$<BOOL:${LESSONSCOPE_WERROR}>,$<CXX_COMPILER_ID:GNU,Clang>>:-Werror>
    $<$<CONFIG:Release,RelWithDebInfo>:-O3>
    $<$<BOOL:${LESSONSCOPE_NATIVE}>:-march=native>)
  if(LESSONSCOPE_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
  if(LESSONSCOPE_FUZZ)
    # Coverage instrumentation for libFuzzer in every target; only a fuzz target links the
    # fuzzer's main() (-fsanitize=fuzzer, see tests/fuzz/CMakeLists.txt).
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link,address,undefined
      -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
endfunction()

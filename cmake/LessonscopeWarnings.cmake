# Per-target build settings shared by every lessonscope target.
# Called as lessonscope_target_defaults(<target>) instead of global flag strings.
# NO_NATIVE: never -march=native, for targets that choose their own instruction set (the product's
# variants, cmake/LessonscopeKernelVariants.cmake: -march=native expands to explicit -m<feature>
# flags that a later -march would not take back).
# TEST: a test's own code (the code under test, in the libraries, keeps -O3). Tests were over half
# of the build's CPU time at -O3, for code whose speed nobody measures; -O1 compiles several times
# faster and still inlines enough for the stress tests to stress.
function(lessonscope_target_defaults target)
  cmake_parse_arguments(ARG "NO_NATIVE;TEST" "" "" ${ARGN})
  set(native OFF)
  if(LESSONSCOPE_NATIVE AND NOT ARG_NO_NATIVE)
    set(native ON)
  endif()
  set(optimise -O3)
  if(ARG_TEST)
    set(optimise -O1)
  endif()
  target_compile_options(${target} PRIVATE
    $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -pedantic -Wshadow -Wnon-virtual-dtor>
    $<$<AND:$<BOOL:${LESSONSCOPE_WERROR}>,$<CXX_COMPILER_ID:GNU,Clang>>:-Werror>
    $<$<CONFIG:Release,RelWithDebInfo>:${optimise}>
    $<$<BOOL:${native}>:-march=native>)
  if(LESSONSCOPE_TSAN)
    # Races between our threads (the stream, the loaders, the runner); see tests/sanitizers/README.md.
    # No sibling calls: a tail call out of our code into Qt would drop our frame from TSan's
    # stacks, and the suppressions of Qt's hand-overs rely on seeing QMetaObject::invokeMethod.
    target_compile_options(${target} PRIVATE -fsanitize=thread -fno-omit-frame-pointer -fno-optimize-sibling-calls)
    target_link_options(${target} PRIVATE -fsanitize=thread)
  endif()
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

# SPDX-License-Identifier: Apache-2.0
# infrafit_set_warnings(target): the project's warning flags, -Werror when
# INFRAFIT_WERROR is on (CI), sanitizers when INFRAFIT_SANITIZE is on.
function(infrafit_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow
                         -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
                         -Woverloaded-virtual -Wconversion -Wno-sign-conversion)
  # GCC 12 reports bogus array-bounds/stringop-overflow/restrict warnings
  # inside libstdc++'s std::string operator+ once it is inlined at -O2 (GCC
  # bugs 105329, 105651, 106199). They name no line of ours, and
  # more of them appear as unity builds inline more; a build that always
  # prints warnings hides the real ones; out-of-bounds accesses are caught at
  # run time by the AddressSanitizer run of the whole suite (scripts/test
  # --sanitize) instead.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12
     AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-array-bounds -Wno-stringop-overflow
                           -Wno-restrict)
  endif()
  if(INFRAFIT_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# float-cast-overflow (a double too large for the integer it is converted to)
# is not part of GCC's -fsanitize=undefined; the analysis converts many
# computed doubles to counts, so it is asked for explicitly.
if(INFRAFIT_SANITIZE)
  add_compile_options(-fsanitize=address,undefined,float-cast-overflow
                      -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined,float-cast-overflow)
endif()

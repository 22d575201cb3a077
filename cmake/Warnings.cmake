# SPDX-License-Identifier: Apache-2.0
# infrafit_set_warnings(target): the project's warning flags, -Werror when
# INFRAFIT_WERROR is on (CI), sanitizers when INFRAFIT_SANITIZE is on.
function(infrafit_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow
                         -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
                         -Woverloaded-virtual -Wconversion -Wno-sign-conversion)
  if(INFRAFIT_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

if(INFRAFIT_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

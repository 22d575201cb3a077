# SPDX-License-Identifier: Apache-2.0
# Every library the build needs, found with CMake's own finders, so that a
# missing one stops the configure step with the Debian package to install
# (scripts/deps installs them all) instead of failing later at the link.
# tests/deps/check_packages.py checks, after a build, that every library on
# a link line and every program the tests call comes from a package that
# scripts/deps installs.

# infrafit_require(<found-variable> <what> <debian-package>): a clear error
# when a finder run without REQUIRED did not find its package.
function(infrafit_require found what package)
  if(NOT ${found})
    message(FATAL_ERROR "${what} not found. On Debian 12 install the package "
                        "'${package}' (scripts/deps installs every package the build needs).")
  endif()
endfunction()

find_package(nlohmann_json 3.10 QUIET)
infrafit_require(nlohmann_json_FOUND "nlohmann_json >= 3.10" nlohmann-json3-dev)
find_package(SQLite3 QUIET)
infrafit_require(SQLite3_FOUND "SQLite 3" libsqlite3-dev)
find_package(Threads REQUIRED)
# yaml-cpp: NetBox device-type YAML (core/netbox/), read and written.
find_package(yaml-cpp 0.7 QUIET)
infrafit_require(yaml-cpp_FOUND "yaml-cpp >= 0.7" libyaml-cpp-dev)

# libxlsxwriter (XLSX bill of materials). Its pkg-config file adds a bare
# -lz, and Debian 12's libxlsxwriter-dev does not depend on zlib1g-dev, so
# both are found here as libraries and linked as one imported target.
find_package(ZLIB QUIET)
infrafit_require(ZLIB_FOUND "zlib (needed by libxlsxwriter)" zlib1g-dev)
find_path(XLSXWRITER_INCLUDE_DIR xlsxwriter.h)
find_library(XLSXWRITER_LIBRARY xlsxwriter)
infrafit_require(XLSXWRITER_INCLUDE_DIR "libxlsxwriter's header xlsxwriter.h" libxlsxwriter-dev)
infrafit_require(XLSXWRITER_LIBRARY "the libxlsxwriter library" libxlsxwriter-dev)
if(NOT TARGET InfraFit::XlsxWriter)
  add_library(InfraFit::XlsxWriter UNKNOWN IMPORTED)
  set_target_properties(InfraFit::XlsxWriter PROPERTIES
    IMPORTED_LOCATION "${XLSXWRITER_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${XLSXWRITER_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES ZLIB::ZLIB)
endif()

if(INFRAFIT_BUILD_GUI)
  # One package per Qt module: qt6-base-dev (Core, Gui, Widgets, Concurrent,
  # Test, PrintSupport), qt6-charts-dev, qt6-svg-dev; Gui needs libgl-dev's OpenGL headers
  # (libgl1-mesa-dev) and Qt's OpenGL module (libqt6opengl6-dev).
  find_package(Qt6 6.2 QUIET COMPONENTS Core Gui Widgets Concurrent Test PrintSupport)
  infrafit_require(Qt6_FOUND "Qt 6 (Core, Gui, Widgets, Concurrent, Test, PrintSupport)"
                   "qt6-base-dev libqt6opengl6-dev libgl1-mesa-dev")
  find_package(Qt6 6.2 QUIET COMPONENTS Charts)
  infrafit_require(Qt6Charts_FOUND "Qt 6 Charts" qt6-charts-dev)
  find_package(Qt6 6.2 QUIET COMPONENTS Svg)
  infrafit_require(Qt6Svg_FOUND "Qt 6 Svg" qt6-svg-dev)
endif()

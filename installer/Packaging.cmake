# SPDX-License-Identifier: Apache-2.0
# CPack packaging. Included at the end of the top-level CMakeLists.txt, after
# every install() rule. On Linux: a .deb (Debian 12) and a .tar.gz; on Windows:
# NSIS and WiX installers; on macOS: a DragNDrop .dmg. Only the Linux ones are
# built and tested here (scripts/package, scripts/test --package).
#
#   cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr
#   cmake --build build && cd build && cpack -G "DEB;TGZ"

set(CPACK_PACKAGE_NAME infrafit)
set(CPACK_PACKAGE_VENDOR "InfraFit contributors")
set(CPACK_PACKAGE_CONTACT "InfraFit maintainers <infrafit-maintainers@lists.infrafit.invalid>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Plan AI training and inference hardware")
set(CPACK_PACKAGE_DESCRIPTION
    "InfraFit plans hardware for AI training and inference. Given a transformer
workload (training or serving) and a configuration of parts from an editable
catalog (GPUs, chassis, CPUs, NVMe drives, NICs, PSUs, cooling), it reports
whether the model fits in GPU memory, how fast it runs, whether the
interconnect, power and cooling carry it, and what it costs, with the source
of every formula. Includes the Qt desktop application and infrafit-cli.")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/infrafit/infrafit")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "InfraFit")
set(CPACK_PACKAGE_EXECUTABLES "infrafit;InfraFit")
set(CPACK_PACKAGE_ICON "${PROJECT_SOURCE_DIR}/resources/icons/infrafit.ico")
# WiX wants a .txt or .rtf licence; the repository's is extensionless.
configure_file(${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_BINARY_DIR}/LICENSE.txt COPYONLY)
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_BINARY_DIR}/LICENSE.txt")
set(CPACK_RESOURCE_FILE_README "${PROJECT_SOURCE_DIR}/README.md")
# Release packages carry no debug symbols, whatever the build type.
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_CHECKSUM SHA256)
set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/" "\\\\.swp$")

if(WIN32)
  set(CPACK_GENERATOR "NSIS;WIX;ZIP")
  # NSIS: Start menu shortcut, optional PATH entry for infrafit-cli, file association.
  set(CPACK_NSIS_DISPLAY_NAME "InfraFit")
  set(CPACK_NSIS_PACKAGE_NAME "InfraFit ${PROJECT_VERSION}")
  set(CPACK_NSIS_MUI_ICON "${PROJECT_SOURCE_DIR}/resources/icons/infrafit.ico")
  set(CPACK_NSIS_MUI_UNIICON "${PROJECT_SOURCE_DIR}/resources/icons/infrafit.ico")
  set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\infrafit.exe")
  set(CPACK_NSIS_URL_INFO_ABOUT "${CPACK_PACKAGE_HOMEPAGE_URL}")
  set(CPACK_NSIS_HELP_LINK "${CPACK_PACKAGE_HOMEPAGE_URL}")
  set(CPACK_NSIS_CONTACT "${CPACK_PACKAGE_CONTACT}")
  set(CPACK_NSIS_MODIFY_PATH ON)
  set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
  set(CPACK_NSIS_EXTRA_INSTALL_COMMANDS [[
    WriteRegStr HKCR ".infrafit.json" "" "InfraFit.Project"
    WriteRegStr HKCR "InfraFit.Project" "" "InfraFit project"
    WriteRegStr HKCR "InfraFit.Project\\DefaultIcon" "" "$INSTDIR\\bin\\infrafit.exe,0"
    WriteRegStr HKCR "InfraFit.Project\\shell\\open\\command" "" '"$INSTDIR\\bin\\infrafit.exe" "%1"'
  ]])
  set(CPACK_NSIS_EXTRA_UNINSTALL_COMMANDS [[
    DeleteRegKey HKCR ".infrafit.json"
    DeleteRegKey HKCR "InfraFit.Project"
  ]])
  # WiX: a fixed upgrade code so a newer .msi replaces an older one. Never change it.
  set(CPACK_WIX_UPGRADE_GUID "6C1E7A52-3B0D-4F5E-9A47-2D8B1F0C9E31")
  set(CPACK_WIX_PRODUCT_ICON "${PROJECT_SOURCE_DIR}/resources/icons/infrafit.ico")
  set(CPACK_WIX_PROGRAM_MENU_FOLDER "InfraFit")
  set(CPACK_WIX_PROPERTY_ARPURLINFOABOUT "${CPACK_PACKAGE_HOMEPAGE_URL}")
  # Qt DLLs: run windeployqt on bin/ before cpack (not automated here).
elseif(APPLE)
  set(CPACK_GENERATOR "DragNDrop;TGZ")
  set(CPACK_DMG_VOLUME_NAME "InfraFit ${PROJECT_VERSION}")
  set(CPACK_DMG_FORMAT UDBZ)
  set(CPACK_DMG_SLA_USE_RESOURCE_FILE_LICENSE OFF)
  set(CPACK_SYSTEM_NAME macOS)
  # The Qt frameworks: run macdeployqt on the bundle before cpack (not automated here).
else()
  set(CPACK_GENERATOR "DEB;TGZ")

  # Debian package: infrafit_<version>_<arch>.deb, installed under /usr.
  set(CPACK_DEBIAN_PACKAGE_NAME infrafit)
  set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
  set(CPACK_DEBIAN_PACKAGE_SECTION science)
  set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
  set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${CPACK_PACKAGE_HOMEPAGE_URL}")
  find_program(INFRAFIT_DPKG_SHLIBDEPS dpkg-shlibdeps)
  if(INFRAFIT_DPKG_SHLIBDEPS)
    # Depends computed from the binaries' shared libraries (dpkg-dev).
    set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  else()
    # The Debian 12 runtime packages of what infrafit and infrafit-cli link.
    set(CPACK_DEBIAN_PACKAGE_DEPENDS
        "libc6 (>= 2.34), libstdc++6 (>= 12), libgcc-s1, libsqlite3-0 (>= 3.35), libxlsxwriter4 (>= 1.1), libqt6core6 (>= 6.2), libqt6gui6 (>= 6.2), libqt6widgets6 (>= 6.2), libqt6charts6 (>= 6.2), libqt6svg6 (>= 6.2), libqt6concurrent6 (>= 6.2)")
  endif()
  # The xcb platform plugin ships in libqt6gui6 and the SVG icon engine in libqt6svg6,
  # which shlibdeps sees through the binaries; nothing else is loaded at run time.
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "shared-mime-info, desktop-file-utils, hicolor-icon-theme")
  # dpkg triggers refresh the MIME, desktop and icon caches; nothing to run by hand.
  set(CPACK_DEBIAN_COMPRESSION_TYPE xz)

endif()

include(CPack)

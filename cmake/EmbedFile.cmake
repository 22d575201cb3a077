# SPDX-License-Identifier: Apache-2.0
# infrafit_embed_file(FILE OUT_SOURCES): generate embedded/<name>.h declaring
#   extern const unsigned char <symbol>[]; extern const std::size_t <symbol>_size;
# and a .cpp defining them from FILE's bytes; append the .cpp to OUT_SOURCES.
# <symbol> is "embedded_" + the file name with non-alphanumerics as '_'.
function(infrafit_embed_file file out_sources)
  get_filename_component(name ${file} NAME)
  string(MAKE_C_IDENTIFIER "embedded_${name}" symbol)
  set(out_dir ${CMAKE_CURRENT_BINARY_DIR}/embedded)
  set(out_cpp ${out_dir}/${symbol}.cpp)
  set(out_h ${out_dir}/${symbol}.h)
  add_custom_command(
    OUTPUT ${out_cpp} ${out_h}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${file} -DSYMBOL=${symbol} -DOUT_CPP=${out_cpp}
            -DOUT_H=${out_h} -P ${PROJECT_SOURCE_DIR}/cmake/EmbedFileScript.cmake
    DEPENDS ${file} ${PROJECT_SOURCE_DIR}/cmake/EmbedFileScript.cmake
    COMMENT "Embedding ${name}")
  set(${out_sources} ${${out_sources}} ${out_cpp} ${out_h} PARENT_SCOPE)
endfunction()

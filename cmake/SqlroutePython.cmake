# sqlroute_find_python(<components>): find_package(Python) that prefers the interpreter of the
# system prefixes (Debian's python3, which runs the tests) to one PATH lists first, such as a
# pyenv shim. An active virtual environment, -DPython_EXECUTABLE or -DPython_ROOT_DIR still
# decide first.
macro(sqlroute_find_python)
  set(CMAKE_FIND_USE_SYSTEM_ENVIRONMENT_PATH FALSE)
  find_package(Python 3.9 REQUIRED COMPONENTS ${ARGN})
  unset(CMAKE_FIND_USE_SYSTEM_ENVIRONMENT_PATH)
endmacro()

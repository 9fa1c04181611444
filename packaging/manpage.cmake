# Writes lessonscope(1) from the program's own --help and each command's --help, so that the man
# page never disagrees with the program. Run by packaging/CMakeLists.txt after lessonscope links:
#   cmake -DLESSONSCOPE=<program> -DVERSION=<x.y.z> -DOUTPUT=<lessonscope.1> -P manpage.cmake
#
# The help texts are laid out as Qt's QCommandLineParser lays them out: a "Usage:" line, lines of
# prose, and sections ("Commands:", "Options:", "Arguments:", "Environment:") whose entries are
# "  name   text" with continuation lines indented further. Each entry becomes a .TP paragraph.
cmake_minimum_required(VERSION 3.25)

foreach(variable LESSONSCOPE VERSION OUTPUT)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "manpage.cmake: -D${variable}=... is required")
  endif()
endforeach()

# ";" separates CMake list items: kept in the text as the ASCII unit separator meanwhile.
string(ASCII 31 unit_separator)

# Text → roff: backslashes, minus signs, the few non-ASCII characters the help uses, and a line
# that would start with a control character.
function(roff_escape out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REPLACE "×" "\\(mu" text "${text}")
  string(REPLACE "·" "\\(md" text "${text}")
  string(REPLACE "—" "\\(em" text "${text}")
  string(REPLACE "–" "\\(en" text "${text}")
  string(REPLACE "…" "..." text "${text}")
  if(text MATCHES "^[.']")
    set(text "\\&${text}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Runs the program with the arguments; its standard output as a list of lines (";" kept as "${unit_separator}").
function(help_lines out)
  execute_process(COMMAND "${LESSONSCOPE}" ${ARGN}
    OUTPUT_VARIABLE text ERROR_QUIET RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "manpage.cmake: '${LESSONSCOPE} ${ARGN}' failed (${result})")
  endif()
  # QCommandLineParser names the program as it was started: the man page says "lessonscope".
  string(REPLACE "${LESSONSCOPE}" "lessonscope" text "${text}")
  string(REPLACE ";" "${unit_separator}" text "${text}")
  string(REGEX REPLACE "\n$" "" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(${out} "${lines}" PARENT_SCOPE)
endfunction()

# The entries of a section (the lines in the list named by lines_var), "  name   text" with
# continuation lines, as .TP paragraphs appended to the variable named by out.
function(entries_to_roff out lines_var)
  set(roff "${${out}}")
  set(open FALSE)
  foreach(line IN LISTS ${lines_var})
    if(line MATCHES "^  ([^ ].*[^ ]|[^ ])  +([^ ].*)$")
      set(name "${CMAKE_MATCH_1}")
      set(text "${CMAKE_MATCH_2}")
      roff_escape(name "${name}")
      roff_escape(text "${text}")
      string(APPEND roff ".TP\n\\fB${name}\\fR\n${text}\n")
      set(open TRUE)
    elseif(line MATCHES "^ +([^ ].*)$" AND open)
      roff_escape(text "${CMAKE_MATCH_1}")
      string(APPEND roff "${text}\n")
    elseif(line MATCHES "^  ([^ ].*)$")
      # an entry with no text on its own line
      roff_escape(name "${CMAKE_MATCH_1}")
      string(APPEND roff ".TP\n\\fB${name}\\fR\n")
      set(open TRUE)
    elseif(NOT line STREQUAL "")
      roff_escape(text "${line}")
      string(APPEND roff ".PP\n${text}\n")
      set(open FALSE)
    endif()
  endforeach()
  set(${out} "${roff}" PARENT_SCOPE)
endfunction()

# A help text (the lines in the list named by lines_var) as roff: its usage lines, its prose and
# its sections. level SH is the program's own help: the usage lines become the SYNOPSIS, the prose
# the DESCRIPTION, and each section a .SH; level SS is a command's: its sections become italic
# headings inside the command's .SS.
function(help_to_roff out level lines_var)
  set(roff "")
  set(section "")
  set(entries "")
  set(after_usage FALSE)
  foreach(line IN LISTS ${lines_var} ITEMS "<end>")
    set(heading "")
    set(usage "")
    if(line MATCHES "^([A-Z][A-Za-z ]*):$")
      set(heading "${CMAKE_MATCH_1}")
    elseif(line MATCHES "^Usage: (.*)$")
      set(usage "${CMAKE_MATCH_1}")
    elseif(after_usage AND line MATCHES "^ +(lessonscope .*)$")
      set(usage "${CMAKE_MATCH_1}")
    endif()
    if(NOT section STREQUAL "" AND (NOT heading STREQUAL "" OR line MATCHES "^(Exit status: |<end>$)"))
      entries_to_roff(roff entries)
      set(section "")
      set(entries "")
    endif()

    if(line STREQUAL "<end>")
      break()
    elseif(line MATCHES "^Exit status: (.*)$")
      roff_escape(text "${CMAKE_MATCH_1}")
      string(APPEND roff ".SH \"EXIT STATUS\"\n${text}\n")
    elseif(NOT heading STREQUAL "")
      set(section "${heading}")
      if(level STREQUAL "SH")
        string(TOUPPER "${heading}" upper)
        string(APPEND roff ".SH ${upper}\n")
      else()
        string(APPEND roff ".PP\n\\fI${heading}:\\fR\n")
      endif()
    elseif(NOT section STREQUAL "")
      list(APPEND entries "${line}")
    elseif(NOT usage STREQUAL "" AND section STREQUAL "")
      # The program's own usage lines end in a gloss ("   open artifacts in the explorer"),
      # which the description says again: the synopsis keeps the command only.
      string(REGEX REPLACE "   +[^ ].*$" "" usage "${usage}")
      roff_escape(usage "${usage}")
      if(after_usage)
        string(APPEND roff ".br\n")
      elseif(level STREQUAL "SH")
        string(APPEND roff ".SH SYNOPSIS\n")
      else()
        string(APPEND roff ".PP\n")
      endif()
      string(APPEND roff ".B ${usage}\n")
      set(after_usage TRUE)
    elseif(line STREQUAL "")
      if(NOT after_usage)
        string(APPEND roff ".PP\n")
      endif()
    else()
      if(after_usage AND level STREQUAL "SH")
        string(APPEND roff ".SH DESCRIPTION\n")
      elseif(after_usage)
        string(APPEND roff ".PP\n")
      endif()
      set(after_usage FALSE)
      roff_escape(text "${line}")
      string(APPEND roff "${text}\n")
    endif()
  endforeach()
  # A paragraph break right before a heading or another break says nothing.
  string(REGEX REPLACE "(\\.PP\n)+" ".PP\n" roff "${roff}")
  string(REGEX REPLACE "\\.PP\n(\\.(SH|SS|TP|PP)[ \n])" "\\1" roff "${roff}")
  set(${out} "${roff}" PARENT_SCOPE)
endfunction()

help_lines(main --help)

# The summary of the NAME section is the program's one-line description, the first line of prose.
set(summary "")
foreach(line IN LISTS main)
  if(NOT line MATCHES "^(Usage: | )" AND NOT line STREQUAL "")
    set(summary "${line}")
    break()
  endif()
endforeach()
string(REGEX REPLACE "\\.$" "" summary "${summary}")
string(SUBSTRING "${summary}" 0 1 first)
string(TOLOWER "${first}" first)
string(SUBSTRING "${summary}" 1 -1 rest)
roff_escape(summary "${first}${rest}")

# The commands, in the order --help lists them.
set(commands "")
set(in_commands FALSE)
foreach(line IN LISTS main)
  if(line STREQUAL "Commands:")
    set(in_commands TRUE)
  elseif(in_commands AND line MATCHES "^  ([a-z-]+)  ")
    list(APPEND commands "${CMAKE_MATCH_1}")
  elseif(in_commands AND NOT line MATCHES "^ ")
    set(in_commands FALSE)
  endif()
endforeach()
if(NOT commands)
  message(FATAL_ERROR "manpage.cmake: no commands found in '${LESSONSCOPE} --help'")
endif()

help_to_roff(body SH main)

set(details ".SH \"COMMAND DETAILS\"\n")
foreach(command IN LISTS commands)
  if(command STREQUAL "run")
    # run's options depend on the lesson: show them for the first lesson.
    help_lines(text run performance-01 --help)
  else()
    help_lines(text ${command} --help)
  endif()
  help_to_roff(roff SS text)
  string(REPLACE "lessonscope [options]" "lessonscope ${command} [options]" roff "${roff}")
  string(APPEND details ".SS \"lessonscope ${command}\"\n${roff}")
endforeach()
if(details MATCHES "performance\\\\-01")
  string(APPEND details ".PP\nThe options shown for \\fBrun\\fR are those of performance\\-01; \\fBlessonscope lessons\\fR lists every lesson's.\n")
endif()

set(page ".\\\" Generated by packaging/manpage.cmake from 'lessonscope --help'; do not edit.
.TH LESSONSCOPE 1 \"\" \"lessonscope ${VERSION}\" \"User Commands\"
.SH NAME
lessonscope \\- ${summary}
${body}${details}")
string(REPLACE "${unit_separator}" ";" page "${page}")
file(WRITE "${OUTPUT}.tmp" "${page}")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")

# Reads every CSV file of the data directories given as arguments with R's
# read.csv, default options, and checks that the columns come out as the
# book's data reference (docs/src/reference/data.md) promises (the pandas twin is check_data_types.py):
#
# - runs.csv `seed`: read exactly (sprintf("%.0f") equals the file's text)
#   and below 2^53;
# - `solved`, `significant`, `indistinguishable_from_best` and summary.csv's
#   `<measure>_heavy_tail`: logical;
# - a cell `NA`: read as missing;
# - `budget`, `params`: character in every file;
# - summary.csv: every column but the text ones is numeric;
# - a cell `Inf`/`-Inf`: its column is numeric and the value infinite;
# - a column has the same class in every directory holding a file of that
#   name (columns with no cell in a file, and params.csv `value`, whose
#   values are of mixed kinds, are not compared). `integer` and `numeric`
#   count as one: read.csv makes a count column `integer` when every value
#   fits in 32 bits and `numeric` when one does not, and both are exact
#   below 2^53.
#
# One line per file checked; every failure names the file, the column, the
# class expected and the class found. Exit status 1 on any failure.
#
# Usage: Rscript check_data_types.R DATA_DIR...

files <- c("runs.csv", "summary.csv", "traces.csv", "params.csv", "compare.csv", "ranking.csv")
text_columns <- c("experiment", "algorithm", "label", "step_unit", "params", "budget",
                  "stop_reason", "source", "key", "value", "measure", "statistic",
                  "label_a", "label_b", "a", "b", "better", "test", "method", "verdict",
                  "versus_best")
# Columns of TRUE/FALSE: these, and summary.csv's `<measure>_heavy_tail`.
is_logical <- function(column) {
  column %in% c("solved", "significant", "indistinguishable_from_best") ||
    endsWith(column, "_heavy_tail")
}
not_compared <- c("params.csv/value")
safe <- 2^53

failures <- character(0)
fail <- function(path, column, expected, found) {
  failures <<- c(failures, sprintf("FAIL %s: column %s: expected %s, found %s",
                                   path, column, expected, found))
}
numeric_class <- function(x) is.numeric(x)
# The class compared across directories.
kind <- function(cls) if (cls == "integer") "numeric" else cls

seen <- list() # "file/column" -> c(class, path) first seen

check_file <- function(path, name) {
  frame <- read.csv(path)
  text <- read.csv(path, colClasses = "character", na.strings = character(0))
  for (column in names(frame)) {
    x <- frame[[column]]
    cls <- class(x)[1]
    cells <- text[[column]]
    missing <- all(cells %in% c("", "NA"))
    key <- paste0(name, "/", column)
    if (!missing && !(key %in% not_compared)) {
      first <- seen[[key]]
      if (is.null(first)) {
        seen[[key]] <<- c(cls, path)
      } else if (kind(first[1]) != kind(cls)) {
        fail(path, column, sprintf("%s as in %s", first[1], first[2]), cls)
      }
    }
    if (column %in% c("budget", "params") && cls != "character") {
      fail(path, column, "character", cls)
    }
    if (is_logical(column) && cls != "logical") {
      fail(path, column, "logical", cls)
    }
    na <- which(cells == "NA")
    if (length(na) > 0 && !is.na(x[na[1]])) {
      fail(path, column, sprintf("a missing value for the cell NA on line %d", na[1] + 1),
           format(x[na[1]]))
    }
    if (name == "summary.csv" && !(column %in% text_columns) && !is_logical(column) && !missing && !numeric_class(x)) {
      fail(path, column, "numeric", cls)
    }
    inf <- which(cells %in% c("Inf", "-Inf"))
    if (length(inf) > 0) {
      i <- inf[1]
      if (!numeric_class(x) || !is.infinite(x[i])) {
        fail(path, column, sprintf("numeric infinity for the cell %s on line %d", cells[i], i + 1),
             sprintf("%s %s", cls, format(x[i])))
      }
    }
  }
  if (name == "runs.csv" && "seed" %in% names(frame)) {
    seed <- frame$seed
    cells <- text$seed
    if (!is.numeric(seed)) {
      fail(path, "seed", "numeric", class(seed)[1])
    } else {
      read_back <- sprintf("%.0f", seed)
      wrong <- which(read_back != cells)
      if (length(wrong) > 0) {
        i <- wrong[1]
        fail(path, "seed", sprintf("the file's text %s on line %d", cells[i], i + 1), read_back[i])
      }
      large <- which(as.numeric(cells) >= safe)
      if (length(large) > 0) {
        i <- large[1]
        fail(path, "seed", sprintf("a seed below 2^53 = %s (exact as a double)", sprintf("%.0f", safe)),
             sprintf("%s on line %d", cells[i], i + 1))
      }
    }
  }
  cat(sprintf("R: checked %s (%d rows, %d columns)\n", path, nrow(frame), ncol(frame)))
}

dirs <- commandArgs(trailingOnly = TRUE)
if (length(dirs) == 0) {
  cat("usage: Rscript check_data_types.R DATA_DIR...\n", file = stderr())
  quit(status = 2)
}
for (d in dirs) {
  for (name in files) {
    path <- file.path(sub("/+$", "", d), name)
    if (file.exists(path)) check_file(path, name)
  }
}
for (line in failures) cat(line, "\n", sep = "")
if (length(failures) > 0) {
  cat(sprintf("R: FAILED, %d failure(s)\n", length(failures)))
  quit(status = 1)
}
cat("R: all columns read as expected\n")

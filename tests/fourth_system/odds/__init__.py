"""The fourth system's odds display and ``kit odds`` subcommand, as ``kit/odds/<system>.py`` holds a system's."""

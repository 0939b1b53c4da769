"""The fourth system's widgets folder, as ``kit/widgets/<system>/`` holds a system's."""

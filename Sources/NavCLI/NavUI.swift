/// Placeholder.
public enum NavUI {}

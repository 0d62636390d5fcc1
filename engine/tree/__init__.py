"""The one tree model, its builder, prediction, rules and JSON."""

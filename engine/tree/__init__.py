"""The one tree model, its node kinds, the growth loop and its splitters, prediction, rules, texts and JSON."""

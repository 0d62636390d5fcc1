"""The window's panels: data, problem, train, tree, rules."""

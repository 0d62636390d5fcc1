"""One runnable experiment per paper (`ruletree reproduce PAPER`)."""

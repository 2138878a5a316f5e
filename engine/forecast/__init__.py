"""Before the last round: the chances of each final place (tried one by one, counted in groups, or
sampled), what one player needs, the chances of each prize, and the forecast as a document."""

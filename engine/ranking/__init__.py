"""Ranking: standings under an ordering, comparisons of orderings, why one player is above another, what would flip it."""

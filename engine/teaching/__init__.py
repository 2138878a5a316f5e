"""Teaching: scenarios with their stories, exercises, plain-words explanations and the TD announcement."""

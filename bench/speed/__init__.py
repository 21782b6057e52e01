"""Speed benches: each times its subject against a reference measured in the same run."""

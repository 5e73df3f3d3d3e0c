"""Discord helpers shared by every cog: replies, deadlines, error handling, locks, persistent items."""

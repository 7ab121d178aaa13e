"""Service plumbing shared by every service: settings, logging, health, NATS and PostgreSQL."""

"""Command handlers: plain async functions `(social, command) -> reply`; the routing table is in
`echo_social.commands`."""

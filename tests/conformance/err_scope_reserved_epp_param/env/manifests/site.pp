# Template variables go through the same scope: a reserved name is refused.
notice(inline_epp('<%= $facts %>', { 'facts' => {} }))

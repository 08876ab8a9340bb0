notice(panics::now(1))

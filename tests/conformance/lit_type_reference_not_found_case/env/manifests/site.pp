notice(FooBar::BazQux)

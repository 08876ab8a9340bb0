create_resources("notify", { "a" => {} }, "defaults")

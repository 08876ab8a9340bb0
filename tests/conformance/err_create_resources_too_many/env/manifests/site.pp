create_resources("notify", { "a" => {} }, {}, {})

notify { 't': message => inline_template('<%= scope.function_fail(["custom failure"]) %>') }

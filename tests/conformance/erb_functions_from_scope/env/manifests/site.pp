$v = '1.10'
notify { 't': message => inline_template('<%= scope.function_versioncmp([@v, "1.9"]) %> <%= scope.call_function("versioncmp", ["1.0", @v]) %> <%= scope.call_function("upcase", ["abc"]) %> <%= scope.call_function("flatten", [[1, [2]]]).inspect %> <%= scope.call_function("sha1", ["x"]) %>') }

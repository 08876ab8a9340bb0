# parameterized return type
function typed_return() >> Integer[1] { 1 }

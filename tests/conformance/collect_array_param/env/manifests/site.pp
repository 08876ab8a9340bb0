# A query on a parameter holding an array matches any element.
@user { 'alice': groups => ['wheel', 'dev'] }
@user { 'bob': groups => ['dev'] }
@user { 'carol': groups => 'wheel' }
User <| groups == 'wheel' |>

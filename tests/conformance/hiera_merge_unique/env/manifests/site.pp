notify { 'arr': message => lookup('arr', Array, 'unique') }
notify { 'scalar': message => lookup('scalar', Array, 'unique') }
notify { 'mixed': message => lookup('mixed', Any, 'unique') }
notify { 'alone': message => lookup('only_common_scalar', Any, 'unique') }

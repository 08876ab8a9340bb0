# At top scope $trusted is bound: the evaluator's own "reserved" error, with the $.
$trusted = { 'certname' => 'other' }

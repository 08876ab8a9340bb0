# Enum and Pattern
$t = [Enum['a', 'b'], Pattern[/^a/, /b$/]]

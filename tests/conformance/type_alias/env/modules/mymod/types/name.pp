type Mymod::Name = Pattern[/^[a-z]+$/]

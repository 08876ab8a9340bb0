type Lower = Pattern[/\A[a-z]+\z/]

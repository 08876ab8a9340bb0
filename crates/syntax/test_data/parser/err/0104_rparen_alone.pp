# ) without (
)

print("wordbook")
